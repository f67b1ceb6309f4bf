/**
 * The crash benchmark's players (bench/crash.ts), on a worker thread of their own: their game
 * sockets, their bets and cash-outs over HTTP and the time each answer takes are measured apart
 * from the server's event loop, as if the players were on other machines. The server's thread
 * sends `play` with the round to play once the sockets are open; the worker answers `played`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  type CrashBetEvent,
  type CrashMessage,
  crashBetCall,
  crashCashOutCall,
  crashFeedSocket,
  GAME_TOKEN_HEADER,
} from '@khela/contract';
import WebSocket from 'ws';

export type PlayersData = { port: number; tokens: string[] };
/** The round as the bench (not a player) knows it: when betting ends, when the flight starts, how long it lasts. */
export type PlayOrder = { type: 'play'; roundNo: number; runningMs: number; flightMs: number };
export type Answer = { success: boolean; code?: string };
export type PlayersReport = {
  type: 'played';
  bets: Answer[];
  /** From the first bet sent to the last bet answered. */
  betSecs: number;
  /** Cash-out answer times, ms. */
  latencies: number[];
  paid: number;
  refused: number;
  /** From the first bet sent to the last cash-out answered. */
  roundSecs: number;
  /** Per socket: whether it saw the bust, its count of the round's bet and cash-out events, its messages. */
  sockets: { bust: boolean; bets: number; cashouts: number; messages: number; bytes: number }[];
};
export type PlayersMessage = { type: 'ready' } | PlayersReport;

/** How long, after the last cash-out answer, the sockets may take to receive the round's settlement. */
const SETTLED_WAIT_MS = 30_000;

const { port, tokens } = workerData as PlayersData;
const base = `http://127.0.0.1:${port}`;
const post = (m: PlayersMessage) => parentPort?.postMessage(m);

type Seen = PlayersReport['sockets'][number] & { settled: boolean };

/** Opens a player's game socket and authenticates it; resolves on the server's hello. */
function open(token: string, seen: Seen, roundNo: () => number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${crashFeedSocket.path}`);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (data: Buffer) => {
      seen.messages++;
      seen.bytes += data.length;
      const msg = JSON.parse(String(data)) as CrashMessage;
      const count = (e: CrashBetEvent) => {
        if (e.bet.roundNo !== roundNo()) return;
        if (e.type === 'bet') seen.bets++;
        else seen.cashouts++;
      };
      if (msg.type === 'hello') resolve(ws);
      else if (msg.type === 'batch') msg.events.forEach(count);
      else if (msg.type === 'bet' || msg.type === 'cashout') count(msg);
      else if (msg.type === 'bust' && msg.round.roundNo === roundNo()) seen.bust = true;
      else if (msg.type === 'settled' && msg.roundNo === roundNo()) seen.settled = true;
    });
    ws.once('error', reject);
  });
}

const call = (path: string, token: string, body: unknown): Promise<Answer> =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [GAME_TOKEN_HEADER]: token },
    body: JSON.stringify(body),
  })
    .then((r) => r.json() as Promise<Answer>)
    .catch(() => ({ success: false, code: 'NETWORK' }));

const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

async function play(order: PlayOrder, seen: Seen[]): Promise<PlayersReport> {
  // Each player clicks at some moment of the window's first six seconds, as people do, then
  // cashes out at a random moment of the flight or a little after the bust (too late).
  const t0 = Date.now();
  const latencies: number[] = [];
  let paid = 0;
  let refused = 0;
  let betsDone = 0;
  const bets = await Promise.all(
    tokens.map(async (token, i) => {
      await sleepUntil(t0 + Math.random() * 6_000);
      const bet = await call(crashBetCall.path, token, { requestId: `bench-b-${i}-${t0}`, slot: 1, stake: '1.00' });
      betsDone = Math.max(betsDone, Date.now());
      if (!bet.success) return bet;
      await sleepUntil(order.runningMs + Math.random() * order.flightMs * 1.2);
      const s = performance.now();
      const answer = await call(crashCashOutCall.path, token, { requestId: `bench-c-${i}-${t0}`, slot: 1 });
      latencies.push(performance.now() - s);
      if (answer.success) paid++;
      else refused++;
      return bet;
    }),
  );
  const end = Date.now();
  const until = end + SETTLED_WAIT_MS;
  while (Date.now() < until && seen.some((s) => !s.settled)) await new Promise((r) => setTimeout(r, 50));
  return {
    type: 'played',
    bets,
    betSecs: (betsDone - t0) / 1000,
    latencies,
    paid,
    refused,
    roundSecs: (end - t0) / 1000,
    sockets: seen.map(({ settled: _, ...s }) => s),
  };
}

async function main() {
  let roundNo = -1;
  const seen: Seen[] = tokens.map(() => ({
    bust: false,
    bets: 0,
    cashouts: 0,
    messages: 0,
    bytes: 0,
    settled: false,
  }));
  const sockets = await Promise.all(tokens.map((token, i) => open(token, seen[i] as Seen, () => roundNo)));
  parentPort?.once('message', async (order: PlayOrder) => {
    roundNo = order.roundNo;
    // Count from here: what the sockets received while connecting is not the round's.
    for (const s of seen) Object.assign(s, { messages: 0, bytes: 0 });
    post(await play(order, seen));
    for (const ws of sockets) ws.close();
  });
  post({ type: 'ready' });
}

await main();
