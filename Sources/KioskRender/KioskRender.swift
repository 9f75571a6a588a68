import KioskCore
import CPangoCairo
