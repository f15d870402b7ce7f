// The reference of the API bench: bare node:http in a process of its own (as the app has), answering each
// recorded request with the app's recorded answer: the same status, headers and body bytes (only Date is
// node's own). Started by api.mjs with the file of answers; it prints its port once listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([key, { status, headers, body }]) => [
    key,
    { status, headers, body: Buffer.from(body, 'base64') },
  ]),
);

const server = createServer((req, res) => {
  const answer = answers.get(`${req.headers['accept-encoding'] ?? ''} ${req.url}`);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
