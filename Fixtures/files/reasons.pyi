# Stubs for a module of error reasons.

class Reasons:
    BACKEND_MISSING: Reasons
    UNSUPPORTED_HASH: Reasons
    UNSUPPORTED_CIPHER: Reasons

def reason_name(reason: Reasons) -> str: ...
