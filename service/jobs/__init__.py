"""Work handed on after a commit: the rows a transaction leaves to enqueue,
dispatching their ids, and the queues that carry them (Celery through the
broker, the embedded filesystem broker, in-process for tests and scripts).
Imports ``core`` and ``storage``."""
