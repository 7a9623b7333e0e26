/**
 * `npm run fake:telegram [-- --port 8081]`: the loopback fake of Telegram's Bot API
 * (src/server/providers/telegram/testing/fake-telegram.ts) for trying the Telegram channel on
 * `npm start` without Telegram. It prints the two variables to start HeatSignal with, and serves a
 * small page where you are a Telegram user: read what the bot sent you, type to it (`/start <code>`
 * from Settings, /offers, /balance, /trades) and press its buttons.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { startFakeTelegram, type FakeTelegram } from '../src/server/providers/telegram/testing/fake-telegram';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8081' } } });
const typed: { chatId: number; text: string; at: number }[] = [];

async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

function json(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

/** The page and its three calls: the chats as they stand, type a message, press a button. */
async function control(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const path = (request.url ?? '/').split('?')[0];
  if (request.method === 'GET' && path === '/') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
    return true;
  }
  if (request.method === 'GET' && path === '/_fake/state') {
    json(response, 200, {
      bot: fake.bot,
      chats: fake.chats(),
      typed,
      answers: Object.fromEntries(fake.answers),
    });
    return true;
  }
  if (request.method === 'POST' && (path === '/_fake/type' || path === '/_fake/press')) {
    const input = await body(request);
    const text = typeof input.text === 'string' ? input.text : '';
    const username = typeof input.username === 'string' && input.username ? input.username : 'trader';
    const person = { id: Number(input.userId) || 1001, username };
    try {
      if (path === '/_fake/type') {
        fake.type(person, text);
        typed.push({ chatId: person.id, text, at: Date.now() });
        json(response, 200, { ok: true });
      } else {
        const update = fake.press(
          person,
          Number(input.messageId),
          typeof input.button === 'string' ? input.button : '',
        );
        json(response, 200, { ok: true, queryId: update.callback_query?.id });
      }
    } catch (error) {
      json(response, 400, { error: (error as Error).message });
    }
    return true;
  }
  return false;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fake Telegram</title>
<style>
body{font:14px system-ui,sans-serif;background:#0f172a;color:#e2e8f0;margin:0;padding:24px;max-width:760px}
h1{font-size:18px} input,button{font:inherit;border-radius:6px;border:1px solid #475569;background:#1e293b;color:#e2e8f0;padding:6px 10px}
button{cursor:pointer} button:hover{background:#334155} .bot,.me{white-space:pre-wrap;border-radius:10px;padding:10px 12px;margin:8px 0;max-width:85%}
.bot{background:#1e293b} .me{background:#075985;margin-left:auto;text-align:right} .row{display:flex;gap:8px;margin:6px 0}
.keys{display:flex;gap:6px;margin-top:8px;flex-wrap:wrap} .keys button{background:#334155} #answer{color:#fbbf24;min-height:20px}
#log{display:flex;flex-direction:column}
</style></head><body>
<h1>Fake Telegram: chat with <span id="bot"></span></h1>
<div class="row">You are user id <input id="uid" value="1001" size="8"> @<input id="uname" value="trader" size="12"></div>
<div id="log"></div>
<div id="answer" role="status"></div>
<form id="send" class="row"><input id="text" placeholder="/start CODE, /offers, /balance, /trades" style="flex:1"><button>Send</button></form>
<script>
const $ = (id) => document.getElementById(id);
const me = () => ({ userId: Number($('uid').value), username: $('uname').value });
async function post(path, body) {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...me(), ...body }) });
  return res.json();
}
let pressed = null;
async function refresh() {
  const state = await (await fetch('/_fake/state')).json();
  $('bot').textContent = '@' + state.bot.username;
  const chat = state.chats.find((c) => c.chat.id === me().userId);
  const items = [
    ...(chat ? chat.messages.map((m) => ({ at: m.sentAt, bot: m })) : []),
    ...state.typed.filter((t) => t.chatId === me().userId).map((t) => ({ at: t.at, text: t.text })),
  ].sort((a, b) => a.at - b.at);
  const log = $('log');
  log.replaceChildren(...items.map((item) => {
    const div = document.createElement('div');
    div.className = item.bot ? 'bot' : 'me';
    div.textContent = item.bot ? item.bot.text : item.text;
    if (item.bot && item.bot.reply_markup) {
      const keys = document.createElement('div');
      keys.className = 'keys';
      for (const button of item.bot.reply_markup.inline_keyboard.flat()) {
        const b = document.createElement('button');
        b.textContent = button.text;
        b.onclick = async () => {
          const r = await post('/_fake/press', { messageId: item.bot.message_id, button: button.text });
          pressed = r.queryId || null;
          $('answer').textContent = r.error ? r.error : 'Pressed "' + button.text + '"…';
        };
        keys.append(b);
      }
      div.append(keys);
    }
    return div;
  }));
  if (pressed && state.answers[pressed]) {
    $('answer').textContent = 'Bot: ' + (state.answers[pressed].text || '(answered)');
    pressed = null;
  }
}
$('send').onsubmit = async (event) => {
  event.preventDefault();
  if (!$('text').value.trim()) return;
  await post('/_fake/type', { text: $('text').value });
  $('text').value = '';
  refresh();
};
setInterval(refresh, 1000);
refresh();
</script></body></html>`;

const fake: FakeTelegram = await startFakeTelegram({ port: Number(values.port), other: control });
console.log(`Fake Telegram Bot API on ${fake.url} (bot @${fake.bot.username})

Start HeatSignal against it:
  TELEGRAM_API_URL=${fake.url} TELEGRAM_BOT_TOKEN=${fake.token} npm start

Then open ${fake.url}/ to be a Telegram user: link from HeatSignal → Settings → Telegram by
typing "/start <code>" there, then read the bot's offers and press their buttons.`);
