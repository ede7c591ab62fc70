"""The search bot: information-set Monte Carlo tree search (ISMCTS).

Each decision runs a fixed number of iterations (a budget in iterations, not
seconds, so the same seed always gives the same move). An iteration:

1. makes up a full state from the bot's view (:mod:`engine.bots.determinise`):
   the hidden parts are sampled with the bot's own generator, so the real
   deck order, face-down cards and dice are never read;
2. walks down one tree shared by all samples (single-observer ISMCTS: the
   moves legal in this sample are the children it may choose; UCB1 counts a
   child's chances by how often it was available), adding one new move; the
   tree holds the bot's whole turn;
3. finishes the turn with a one-move-ahead policy (:func:`policy`), lets
   the following turns be played by it too (``lookahead`` turns), and
   scores the state reached (:func:`value_for`): the farmer's standing (score sheet plus the game's
   ``progress_value`` estimate) minus the best other farmer's, or the
   standing alone in a solo game;
4. adds that value to every node it walked through.

The tree covers the bot's own turn, which is made of several atomic moves
(place a worker, pay, act): the greedy bot judges each step alone, the
search judges whole turns against what may be drawn. Sunfield Farm is
searched without the tree, by screen-then-deepen (:data:`SCREENED`).
"""

from __future__ import annotations

import math

from engine.bots.determinise import SAMPLERS
from engine.bots.simple import Bot, GreedyBot
from engine.core import Game, Move, Rng, State


class Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def turn_starts(game: Game, before: State, after: State) -> bool:
    """Whether a new turn starts at ``after``: another farmer decides, or (in
    Harvest, where a solo farmer decides everything) the previous visit or
    sunrise pick is complete."""
    if game.to_act(before) != game.to_act(after):
        return True
    if game.name == "harvest":
        return after["turn"] is None and after["sunrise"]["choice"] is None and before["phase"] != "choose"
    return False


#: the budget by game: iterations per decision, and whole turns played out by
#: the policy after the bot's own turn before judging (``lookahead``).
#: Measured in bench.bots (docs/engine.md): in Harvest a playout that also
#: plays the next turn sees the space the other farmer will take and the
#: crops a visit prepares for the next; Sunfield Farm needs no more.
BUDGETS = {"harvest": (50, 1)}
DEFAULT_BUDGET = (50, 0)

#: games searched by screen-then-deepen instead of the tree: (candidates,
#: deep turns). In Sunfield Farm a first step finished by the policy is
#: judged almost without chance (what is drawn barely moves the estimate),
#: so a tree's repeated visits told it little (with the whole turn in the
#: tree, more iterations even played more of it at random: docs/engine.md);
#: the budget goes instead to the best few first steps, played on through
#: the other farmer's turn and the bot's next one, where the draws and the
#: other farmer's take matter.
SCREENED = {"sunfield": (3, 2)}


def budget(game_name: str) -> tuple[int, int]:
    """(iterations, lookahead) of the search bot for a game."""
    return BUDGETS.get(game_name, DEFAULT_BUDGET)


class SearchBot(Bot):
    """ISMCTS over the bot's own turn (see the module doc). ``iterations``
    and ``lookahead`` default to the game's :data:`BUDGETS`."""

    name = "search"

    def __init__(self, iterations: int | None = None, exploration: float = 1.0, lookahead: int | None = None):
        self.iterations = iterations
        self.exploration = exploration
        self.lookahead = lookahead
        self.greedy = GreedyBot()

    def choose(self, game: Game, state: State, rng: Rng) -> Move:
        sampler = SAMPLERS.get(game.name)
        if sampler is None:
            return self.greedy.choose(game, state, rng)
        iterations, lookahead = budget(game.name)
        iterations = iterations if self.iterations is None else self.iterations
        lookahead = lookahead if self.lookahead is None else self.lookahead
        seat = game.to_act(state)
        view = game.view(state, seat)
        del state  # from here on, only the view and samples made up from it
        first = sampler(view, seat, rng)
        moves = game.legal_moves(first)
        if len(moves) == 1:
            return moves[0]
        if game.name in SCREENED:
            return self._screen_then_deepen(game, view, seat, first, moves, rng, iterations, *SCREENED[game.name])
        root = Node()
        for i in range(iterations):
            self._iterate(game, first if i == 0 else sampler(view, seat, rng), seat, root, rng, lookahead)
        return max(moves, key=lambda m: _rank(root.children.get(m)))

    def _screen_then_deepen(self, game: Game, view: State, seat: int, first: State, moves: list[Move], rng: Rng,
                            iterations: int, candidates: int, deep: int) -> Move:
        """Sunfield Farm's search (see :data:`SCREENED`): each first step
        finished by the policy once, then the best ``candidates`` judged by
        playouts ``deep`` turns further, round and round, each on a new
        sample; the best mean of those is played. The budget counts turns
        played out: a screen costs one, a deep playout ``1 + deep``."""
        sampler = SAMPLERS[game.name]
        screened = []
        for i, move in enumerate(moves):
            state = first if i == 0 else sampler(view, seat, rng)
            screened.append((self._playout(game, state, move, seat, rng, 0), i, move))
        screened.sort(key=lambda item: (-item[0], item[1]))
        shortlist = [move for _, _, move in screened[:candidates]]
        rounds = max(0, iterations - len(moves)) // ((1 + deep) * len(shortlist))
        if len(shortlist) == 1 or not rounds:
            return shortlist[0]
        totals = [0.0] * len(shortlist)
        for _ in range(rounds):
            for index, move in enumerate(shortlist):
                totals[index] += self._playout(game, sampler(view, seat, rng), move, seat, rng, deep)
        return shortlist[max(range(len(shortlist)), key=lambda index: (totals[index], -index))]

    def _playout(self, game: Game, state: State, move: Move, seat: int, rng: Rng, lookahead: int) -> float:
        """The value of ``move`` then the policy to the end of the turn and ``lookahead`` turns more."""
        after = game.apply_legal(state, move)
        ended = game.to_act(after) is None or turn_starts(game, state, after)
        return self._evaluate(game, after, seat, rng, lookahead + (0 if ended else 1))

    def _iterate(self, game: Game, state: State, seat: int, root: Node, rng: Rng, lookahead: int) -> None:
        path = [root]
        node = root
        while True:
            moves = game.legal_moves(state)
            untried = [m for m in moves if m not in node.children]
            if untried:
                move = untried[rng.below(len(untried))]
                node.children[move] = child = Node()
            else:
                move = self._select(node, moves)
                child = node.children[move]
            after = game.apply_legal(state, move)
            path.append(child)
            node = child
            ended = game.to_act(after) is None or turn_starts(game, state, after)
            state = after
            if untried or ended:
                break
        value = self._evaluate(game, state, seat, rng, lookahead + (0 if ended else 1))
        for visited in path:
            visited.visits += 1
            visited.total += value

    def _select(self, node: Node, moves: list[Move]) -> Move:
        best, best_score = moves[0], -math.inf
        for move in moves:
            child = node.children[move]
            child.available += 1
        for move in moves:
            child = node.children[move]
            score = child.total / child.visits + self.exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = move, score
        return best

    def _evaluate(self, game: Game, state: State, seat: int, rng: Rng, turns: int) -> float:
        """Play ``turns`` turns (the rest of the bot's own counts as one) by the policy, then judge."""
        while turns and game.to_act(state) is not None:
            before = state
            state = game.apply_legal(state, policy(game, state, rng))
            if turn_starts(game, before, state):
                turns -= 1
        return value_for(game, state, seat)


def policy(game: Game, state: State, rng: Rng) -> Move:
    """The playout policy: one move ahead, like the greedy bot, but judged as
    the search judges (against the others, and by the score alone once the
    game is over); ties broken at random."""
    seat = game.to_act(state)
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    best: list[Move] = []
    best_value = -math.inf
    for move in moves:
        value = value_for(game, game.apply_legal(state, move), seat)
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best[rng.below(len(best))]


def value_for(game: Game, state: State, seat: int) -> float:
    """The farmer's standing, less the best other farmer's (alone in a solo
    game). At the end of the game only the score sheet counts (the
    tie-break by a hundredth): nothing built will score any more."""
    if game.is_over(state):
        sheet = game.score_sheet(state)
        seats = len(sheet["total"])
        tiebreak = (sheet.get("tiebreak") or {}).get("values") or [0] * seats
        values = [sheet["total"][s] + tiebreak[s] / 100 for s in range(seats)]
    else:
        totals = game.totals(state)
        seats = len(totals)
        estimate = getattr(game, "progress_value", None)
        values = [totals[s] + (estimate(state, s) if estimate else 0.0) for s in range(seats)]
    if seats == 1:
        return values[0]
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def _rank(node: Node | None) -> tuple:
    if node is None:
        return (0, -math.inf)
    return (node.visits, node.total / node.visits)
