"""Packing several answers into one number below a cap, and unpacking them: the arithmetic of a hat clue.

A hat clue can say one number below ``cap`` (how many different clues the giver may choose from).
The giver asks a sequence of questions about a hand (each with its own number of answers), and
packs the answers into one number, most significant last, as long as room is left; a reader who asks
the same questions in the same order unpacks the same answers. The questions may depend on earlier
answers, so the room left depends on the value packed so far, not only on the product of the sizes:
after answers worth ``value`` with stride ``stride``, a next question may have up to
``(cap - 1 - value) // stride + 1`` answers, the most that keeps ``value + stride * (answers - 1)``
below ``cap``. Using that room (rather than ``cap // product``) packs every value below the cap.

``Packer`` is the giver's side and ``Unpacker`` the reader's; for the same questions and answers the
room each offers is the same at every step (``tests/test_sim_hanabi_hat.py`` checks it on random
sequences). Several players' packed numbers are added modulo the cap: each reader subtracts the
ones it can compute (it sees those hands) and unpacks the rest as its own.
"""

from __future__ import annotations


class Packer:
    """The giver's side: answers packed so far into ``value``, below ``cap``."""

    __slots__ = ("cap", "value", "stride")

    def __init__(self, cap: int) -> None:
        if cap < 1:
            raise ValueError(f"a hat number needs at least one value, not {cap}")
        self.cap = cap
        self.value = 0
        self.stride = 1

    def room(self) -> int:
        """How many answers the next question may have (1: nothing more fits)."""
        return (self.cap - 1 - self.value) // self.stride + 1

    def put(self, answer: int, answers: int) -> None:
        """Pack ``answer`` (0 <= answer < answers) of a question with ``answers`` answers."""
        if not 0 <= answer < answers <= self.room():
            raise ValueError(f"answer {answer} of {answers} does not fit (room {self.room()})")
        self.value += self.stride * answer
        self.stride *= answers


class Unpacker:
    """The reader's side: the packed number still to read, and the room the giver had at this step."""

    __slots__ = ("rest", "bound")

    def __init__(self, value: int, cap: int) -> None:
        if not 0 <= value < cap:
            raise ValueError(f"hat number {value} out of 0..{cap - 1}")
        self.rest = value
        self.bound = cap

    def room(self) -> int:
        """How many answers the next question may have: the same as the giver's ``Packer.room``."""
        return self.bound

    def take(self, answers: int) -> int:
        """The answer to the next question, which has ``answers`` answers."""
        if not 1 <= answers <= self.bound:
            raise ValueError(f"a question of {answers} answers does not fit (room {self.bound})")
        answer = self.rest % answers
        self.rest //= answers
        self.bound = (self.bound - 1 - answer) // answers + 1
        return answer
