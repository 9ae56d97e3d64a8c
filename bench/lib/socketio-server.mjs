// The comparison for bench/live.mjs: a plain Node socket.io 4.8 server doing what the
// member's object does, in a process of its own. Sockets join the room of their `userId`
// query; POST /messages { to, body } stores the message (in memory) and emits the
// `notification` to the recipient's room before answering 201, like the API's send does;
// POST /emit { to, payload } emits only; a `thread` event is acked like the member's object does. Prints `listening <port>` once ready.
//
//   node bench/lib/socketio-server.mjs <port> [pingIntervalMs] [pingTimeoutMs]
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server } from 'socket.io';

const port = Number(process.argv[2] ?? 4432);
const pingInterval = Number(process.argv[3] ?? 25_000);
const pingTimeout = Number(process.argv[4] ?? 20_000);
const messages = new Map();

function readJson(request) {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(text));
      } catch (error) {
        reject(error);
      }
    });
  });
}

const http = createServer(async (request, response) => {
  if (request.method !== 'POST' || !['/messages', '/emit'].includes(request.url)) {
    response.writeHead(404).end();
    return;
  }
  const body = await readJson(request);
  if (request.url === '/messages') {
    const message = { _id: randomUUID(), to: body.to, body: body.body, createdAt: new Date().toISOString() };
    messages.set(message._id, message);
    io.to(`user:${body.to}`).emit('notification', { title: 'New Message', body: message, userSender: null, notification: { createdAt: message.createdAt } });
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
    return;
  }
  io.to(`user:${body.to}`).emit('notification', body.payload);
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
});

const io = new Server(http, { transports: ['websocket'], pingInterval, pingTimeout, serveClient: false });
io.on('connection', (socket) => {
  socket.join(`user:${socket.handshake.query.userId}`);
  // The member's object answers a `thread` event's ack the same way.
  socket.on('thread', (payload, ack) => ack?.({ ok: true, connectionId: payload?.connectionId ?? null }));
});

http.listen(port, '127.0.0.1', () => console.log(`listening ${port}`));
