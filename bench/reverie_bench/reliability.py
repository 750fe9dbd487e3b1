"""`reverie bench reliability`: the figures of issue 10 in one run, bounded and on loopback only. Every figure
must read 0.

- lost updates: racing edits of one memory with the same expected version (one winner per version, no gap in
  its history), and updates lost across the crash points;
- crash points not survived: a dream killed at each point, a restart, the checks (`reverie_bench.crash`), and
  the lease takeover;
- residues after deletion: bytes of a forgotten user's words or id left in any store (`reverie_bench.residues`);
- secret forms leaked: the corpus's secrets found on any surface of any path (`reverie_bench.secrets`), and
  look-alikes masking wrongly changed;
- injection hits and user values displaced (`reverie_bench.injection`);
- unanswered requests and connection resets at 100 clients against `reverie serve` (`reverie_bench.reliability_http`).
"""

from __future__ import annotations

import argparse
import tempfile
import threading
from pathlib import Path

from reverie.domain.errors import VersionConflict
from reverie.domain.models import EvidenceRef, MemoryType, Scope
from reverie.ports import Embedder
from reverie_bench import crash, injection, reliability_http, residues, secrets

RACERS = 16  # editors racing for each version
ROUNDS = 5  # versions raced for


def racing_edits(home: Path) -> int:
    """Lost updates among editors racing with one expected version: a round with other than one winner,
    and any gap in the memory's history."""
    from reverie.bootstrap.local import build_local
    from reverie.bootstrap.local_settings import LocalSettings
    from reverie.services import admin

    b = build_local(LocalSettings(home=home))
    scope = Scope(tenant_id="local", user_id="racer")
    refs = [EvidenceRef(session_id="s1", event_id="e1")]
    (card,) = admin.create_memories(
        b, scope, [admin.NewMemory(type=MemoryType.FACT, statement="The race starts.", evidence_refs=refs)]
    )
    lost = 0
    for round_ in range(ROUNDS):
        version = b.notes.get(scope.tenant_id, card.memory_id).version
        winners: list[int] = []

        def edit(n: int, version: int = version, round_: int = round_, winners: list[int] = winners) -> None:
            try:
                change = {"statement": f"Round {round_} was won by editor {n}."}
                admin.edit_memory(b, scope, card.memory_id, version, change, role="admin")
                winners.append(n)
            except VersionConflict:
                pass

        threads = [threading.Thread(target=edit, args=(n,)) for n in range(RACERS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        lost += abs(len(winners) - 1)
    history = [c.version for c in b.notes.history(scope.tenant_id, card.memory_id)]
    lost += len(set(range(1, max(history) + 1)) - set(history))
    return lost


def figures(root: Path, embedder: Embedder, clients: int = 100) -> dict[str, int]:
    """Every figure, each measured in its own folder under `root`."""
    from reverie.bootstrap.local import build_local
    from reverie.bootstrap.local_settings import LocalSettings

    crashed = crash.report(root / "crash", embedder)
    points, takeover = crashed[: len(crash.POINTS)], crashed[-1]
    found = secrets.leaks(embedder, root / "secrets")
    planted = injection.injection_hits(embedder, root / "injection")
    home = root / "residues"
    left = residues.measure(home, build_local(LocalSettings(home=home)))
    return {
        "lost updates": racing_edits(root / "race") + sum(o.lost_updates for o in crashed),
        "crash points not survived": sum(bool(o.failures) for o in points),
        "lease takeovers not survived": int(bool(takeover.failures)),
        "residues after deletion": left.total,
        "secret forms leaked": sum(found.count(path) for path in secrets.PATHS),
        "look-alikes masked": len(found.masked_lookalikes),
        "injection hits": planted.hits,
        "user values displaced": planted.displaced,
        **reliability_http.measure(clients),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="reverie bench reliability", description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=100, help="concurrent clients of the load figure")
    args = parser.parse_args(argv)
    from reverie.adapters.local.embedder import MiniLMEmbedder

    embedder = MiniLMEmbedder()
    with tempfile.TemporaryDirectory(prefix="reverie-reliability-") as tmp:
        found = figures(Path(tmp), embedder, args.clients)
    width = max(map(len, found))
    print(f"{'figure':<{width}}  value")
    for name, value in found.items():
        print(f"{name:<{width}}  {value}")
    print("every figure reads 0" if not any(found.values()) else "NOT every figure reads 0")
    return 0 if not any(found.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
