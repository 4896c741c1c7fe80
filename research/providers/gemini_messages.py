"""User-facing failure messages of the Gemini adapter (constants that tests assert)."""

NO_API_KEY = "GOOGLE_API_KEY is not set; add it to the environment or use the offline provider."
RATE_LIMITED = (
    "Gemini is rate-limiting requests (HTTP 429) and {attempts} attempts failed; "
    "wait a minute and try again."
)
SERVER_FAILED = (
    "Gemini's servers failed (HTTP {code}) and {attempts} attempts failed; try again shortly."
)
TIMED_OUT = "Gemini did not answer within {timeout_s:g} s ({attempts} attempts); try again shortly."
UNREACHABLE = "Could not reach Gemini ({detail}); check the network and GEMINI_BASE_URL."
KEY_REJECTED = "Gemini rejected the API key (HTTP {code}); check GOOGLE_API_KEY."
MODEL_NOT_FOUND = "Gemini does not know the model {model!r} (HTTP 404); check the model setting."
REQUEST_REJECTED = "Gemini rejected the request (HTTP {code} {status}): {detail}"
OUTPUT_INVALID = (
    "Gemini's answer for the {step} step did not match the expected format, even after one "
    "retry; try again or use the offline provider."
)
OUTPUT_WITHHELD = (
    "Gemini returned no answer for the {step} step ({reason}), even after one retry; "
    "rephrase the goal or use the offline provider."
)
EMBED_DIMENSION_MISMATCH = (
    "Gemini model {model} returned {actual}-dimensional vectors but GEMINI_EMBED_DIMENSIONS is "
    "{expected}; choose a size the model supports."
)
EMBED_COUNT_MISMATCH = "Gemini returned {actual} embeddings for {expected} texts; try again."
EMBED_ZERO_VECTOR = "Gemini returned an all-zero embedding; it cannot be normalised."
