import KioskApp
print("kiosk-shell")
