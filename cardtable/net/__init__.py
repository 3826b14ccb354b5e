"""Playing over the network: the protocol (:mod:`.protocol`), the host's table server
(:mod:`.host`), a player's connection and its stand-in for the match (:mod:`.client`,
:mod:`.remote`) and finding tables on the local network (:mod:`.discovery`). No pygame."""
