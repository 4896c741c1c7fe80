from celery import shared_task
from celery.signals import worker_ready


@shared_task(acks_late=True, reject_on_worker_lost=True)
def research_run_task(run_id: int) -> str:
    from research.services import run_execute

    return run_execute(run_id=run_id)


@shared_task
def runs_sweep_task() -> list[int]:
    from research.services import runs_sweep_stale

    return runs_sweep_stale()


@worker_ready.connect
def _sweep_on_start(**kwargs: object) -> None:
    """A worker that starts after a crash fails the runs the dead one left 'running'."""
    runs_sweep_task.delay()
