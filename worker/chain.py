"""One moves task for a run of moves: the move requests a task enqueues
while it runs are applied by the same task once its own work is committed,
each in its own transaction, up to a bound."""

from __future__ import annotations

import logging
from dataclasses import replace

from service.core.services import Services
from service.jobs.dispatching import enqueue

log = logging.getLogger(__name__)

#: the most move requests a task reading a mailed reply applies: the reply's
#: own (the move it submitted, with the bots' answer in its transaction).
#: Anything more (a bot's move past the transaction's bound) goes to the
#: broker: at 8 a task of a game of bots ran 8 transactions of 17 moves while
#: the other games' moves waited
CHAIN = 2


class ChainQueue:
    """The queue of one moves task: the move requests enqueued while it runs
    are kept, for the same task to apply once its own work is committed;
    everything else goes to the broker at once. The move a farmer's mail
    submitted (and the bots' answer in its transaction) costs no task of
    its own: a task's receipt, acknowledgement and sending cost about as
    much as a move."""

    def __init__(self, broker):
        self.broker = broker
        self.requests: list[int] = []

    @property
    def needs_worker(self) -> bool:
        return self.broker.needs_worker

    def enqueue(self, job: str, ident: int, expires: float | None = None) -> None:
        if job == "request" and expires is None:  # a job that must not outlive its time is the broker's
            self.requests.append(ident)
        else:
            self.broker.enqueue(job, ident, expires=expires)


def in_chain(svc: Services, work, most: int = CHAIN):
    """Run ``work(svc)`` with the move requests it enqueues applied here
    afterwards, each in its own transaction as its own task would, up to
    ``most`` tasks' worth in all; the rest, and one whose applying raised
    (the database away), go to the broker, so a request is never left
    behind. What ``work`` raises is raised (the task's retry)."""
    chain = ChainQueue(svc.queue)
    here = replace(svc, queue=chain)
    try:
        result = work(here)
        _apply_chained(here, chain, most - 1)
    finally:
        for request_id in chain.requests:
            enqueue(svc, "request", request_id)
    return result


def _apply_chained(svc: Services, chain: ChainQueue, most: int) -> None:
    from service.usecases.playing import apply_move_request

    for _ in range(most):
        if not chain.requests:
            return
        try:
            apply_move_request(svc, chain.requests[0])
        except Exception as error:  # its own task tries again, with the backoff of RETRY
            log.warning("move request #%s left to its own task: %s", chain.requests[0], error)
            return
        chain.requests.pop(0)


