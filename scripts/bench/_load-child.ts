/**
 * "Other users" of a benchmark in their own process (heavy-requests.ts): `clients` loops each
 * posting `body` to `<url>/api/dispatcher` with `token`, from start to exit, so the load never
 * shares an event loop with the server or with the process sending the heavy request.
 * IPC: 'mark' starts a new set of samples; 'take' answers { latencies, failures } of the set
 * so far (latencies in ms, unsorted); 'exit' stops. Started with argv: url token body clients.
 */
const [url, token, body, clients] = process.argv.slice(2) as [string, string, string, string];
let latencies: number[] = [];
let failures = 0;
let running = true;

async function client() {
  while (running) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${url}/api/dispatcher`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
    } catch {
      failures++;
    }
    latencies.push(performance.now() - t0);
  }
}

process.on('message', (m) => {
  if (m === 'mark') {
    latencies = [];
    failures = 0;
  } else if (m === 'take') process.send!({ latencies, failures });
  else {
    running = false;
    process.disconnect();
  }
});
void Promise.all(Array.from({ length: Number(clients) }, client));
process.send!('ready');
