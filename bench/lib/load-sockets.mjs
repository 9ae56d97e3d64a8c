// The load bench's live sockets, in a process of their own (so their CPU time is counted
// apart from the HTTP load's): real socket.io-client 4.8 sockets, websocket only, to
// /socket.io/ on the app origin with each member's token cookie and `userId` query, as the
// app's live client opens them (src/lib/live/client.ts). Reconnection is off: a dropped
// socket must show. Each socket counts what it receives: every "New Message" by the id of
// the message it carries, every other notification by kind and id (a collapsed one, such
// as likes on one post, comes again with a new time), and the other events by name.
//
// Messages from the parent (IPC):
//   { type: 'open', base, members: [{ id, token }], perMember }  →  { type: 'opened', sockets, ms }
//   { type: 'report' }  →  { type: 'report', sockets: [...], cpu }
import { io } from 'socket.io-client';

const sockets = [];

function open(base, member) {
  const socket = io(base, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    query: { userId: member.id },
    extraHeaders: { cookie: `token=${member.token}` },
  });
  const record = { member: member.id, messages: new Map(), notifications: new Map(), events: {}, disconnects: [] };
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  socket.on('notification', (payload) => {
    if (payload?.title === 'New Message') count(record.messages, payload.body?.latestMessage?._id ?? '?');
    else count(record.notifications, `${payload?.notification?.kind}|${payload?.notification?._id}|${payload?.notification?.createdAt}`);
  });
  for (const name of ['thread', 'read', 'counts']) socket.on(name, () => (record.events[name] = (record.events[name] ?? 0) + 1));
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') record.disconnects.push(reason);
  });
  sockets.push({ socket, record });
  return new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    const started = performance.now();
    const wanted = message.members.flatMap((member) => Array.from({ length: message.perMember }, () => member));
    try {
      for (let i = 0; i < wanted.length; i += 50) await Promise.all(wanted.slice(i, i + 50).map((member) => open(message.base, member)));
      process.send({ type: 'opened', sockets: sockets.length, ms: Math.round(performance.now() - started) });
    } catch (error) {
      process.send({ type: 'failed', error: String(error?.message ?? error) });
    }
  } else if (message.type === 'report') {
    const report = sockets.map(({ socket, record }) => ({
      member: record.member,
      connected: socket.connected,
      messages: [...record.messages],
      notifications: [...record.notifications],
      events: record.events,
      disconnects: record.disconnects,
    }));
    const cpu = process.cpuUsage();
    process.send({ type: 'report', sockets: report, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
  } else if (message.type === 'close') {
    for (const { socket } of sockets) socket.disconnect();
    process.exit(0);
  }
});
