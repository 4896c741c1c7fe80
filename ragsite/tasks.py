from celery import shared_task


@shared_task(name="ragsite.tasks.worker_echo")
def worker_echo(token: str) -> dict[str, str | int]:
    """Prove a worker runs tasks: return the token with the worker's pid."""
    import os

    return {"token": token, "pid": os.getpid()}
