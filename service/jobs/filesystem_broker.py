"""The embedded broker: kombu's filesystem transport, with messages that
appear whole.

kombu's own ``_put`` creates the message file and then writes it, so a
worker polling the folder can move and read it while it is still empty and
die on ``JSONDecodeError`` ("Unrecoverable error"; kombu issue 1551). Here a
message is written under a name the readers skip (``….msg.part``) and then
renamed into place, which is atomic on one filesystem.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        """Put ``payload`` onto ``queue``: written aside, then renamed into place."""
        name = f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = f"{final}.part"  # kombu's _get takes only names ending in ".<queue>.msg"
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
