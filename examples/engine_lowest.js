#!/usr/bin/env node
// A Sueca engine in JavaScript (Node.js, no packages): it follows suit and plays its lowest card.
//
// It speaks the sueca-rules engine protocol: one JSON object a line on stdin, one a line on
// stdout (see docs/guide/engines.md). Every request carries all that its seat may know, so the
// engine keeps no state. Try it against the built-in levels:
//
//     sueca arena 'node examples/engine_lowest.js' level:1 level:3 --deals 100
//
// It answers every kind of decision: a card (the lowest of the suit led if it holds one, else its
// lowest card, a non-trump before a trump), the dealer's trump choice ("bottom"), a new deal on a
// weak hand (false: it keeps its hand) and renúncia claims (false: it never claims).

"use strict";

const readline = require("readline");

// Ranks from the weakest to the strongest, as the cards' notation writes them ("7H", "AS").
const RANKS = "23456QJK7A";

function rank(card) {
  return RANKS.indexOf(card[0]);
}

function suit(card) {
  return card[card.length - 1];
}

function chooseCard(request) {
  const state = request.state;
  const options = request.options;
  // The trick under way: the plays since the last complete trick (four cards each).
  const plays = state.plays;
  const trick = plays.slice(plays.length - (plays.length % 4));
  let candidates = options;
  if (trick.length > 0) {
    // Under revoke.mode: claimable the options are the whole hand: follow suit all the same.
    const led = suit(trick[0].card);
    const following = options.filter((card) => suit(card) === led);
    if (following.length > 0) candidates = following;
  }
  const trump = state.trump_card ? suit(state.trump_card) : null;
  let best = candidates[0];
  for (const card of candidates) {
    const worse = rank(card) < rank(best);
    const same = rank(card) === rank(best);
    if (worse || (same && suit(best) === trump && suit(card) !== trump)) best = card;
  }
  return best;
}

function answer(request) {
  switch (request.decision) {
    case "card":
      return chooseCard(request);
    case "trump":
      return "bottom";
    case "redeal":
      return false;
    case "claim":
      return false;
    default:
      return request.options[0];
  }
}

function reply(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    reply({ type: "error", id: null, message: "the request is not JSON" });
    return;
  }
  if (request.type === "hello") {
    reply({ type: "hello", id: request.id, protocol: 1, name: "lowest card (JavaScript)",
            author: "sueca-rules examples" });
  } else if (request.type === "decide") {
    reply({ type: "decision", id: request.id, choice: answer(request) });
  } else if (request.type === "quit") {
    lines.close();
    process.exit(0);
  } else {
    reply({ type: "error", id: request.id ?? null, message: "unknown request type" });
  }
});
lines.on("close", () => process.exit(0));
