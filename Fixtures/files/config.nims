switch("opt", "speed")
