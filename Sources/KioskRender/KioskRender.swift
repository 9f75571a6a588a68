import CPangoCairo
import KioskCore

func _probe() -> Int32 { cairo_version() }
