def register(sub):  # filled by the pairing commands
    pass
