"""A part's subject: not the ordinary word that opens it, and an identifier whole."""

from __future__ import annotations

import pytest

from research.agents.planner import main_entity


@pytest.mark.parametrize(
    ("part", "entity"),
    [
        ("Lowest weekly mean pressure at Kelmarsh, June 2021", "Kelmarsh"),
        ("Sulphate concentration at well KW7, June 2021", "KW7"),
        ("Daily limit at point C of RL/KB/014/0077", "RL/KB/014/0077"),
        ("Renewal date of permit PX-2020-0312", "PX-2020-0312"),
        ("Date the hosepipe ban was lifted", "hosepipe ban lifted"),
        ("Alder Cross output in 2022", "Alder Cross"),
        # no name: what the asked fact is of, in the part's words
        ("What was the standing charge for metered businesses in 2024-25?", "metered businesses"),
        ("What is the notice period of the lease?", "lease"),
    ],
)
def test_the_subject_of_a_part(part: str, entity: str) -> None:
    assert main_entity(part) == entity
