"""Errors that carry a sentence a user can act on; logs add the detail."""


class DossierError(Exception):
    def __init__(self, user_message: str, *, retryable: bool = False) -> None:
        super().__init__(user_message)
        self.user_message = user_message
        self.retryable = retryable


class ProviderError(DossierError):
    """The language model failed or answered outside its schema."""


class RunCancelled(DossierError):
    pass
