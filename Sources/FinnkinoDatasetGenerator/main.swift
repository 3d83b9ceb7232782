print("generator: not yet")
