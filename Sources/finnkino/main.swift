print("finnkino: not yet")
