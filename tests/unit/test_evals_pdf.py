"""The invented PDF evaluation set builds, and its cases hold: answers on their evidence pages."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

VALIDATE = Path(__file__).resolve().parents[2] / "evals" / "pdf" / "validate.py"


def test_the_pdf_set_builds_and_every_answer_stands_on_its_evidence_page() -> None:
    done = subprocess.run(
        [sys.executable, str(VALIDATE)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("OK")
