"""A farmer's webhooks: registering and removing them, the body formats
(Discord, Slack, signed JSON) and sending one delivery. Imports the packages
below ``notify`` and ``notify`` itself (a hook turned off is told by mail)."""
