// The uploads part's hostile member (uploads.ts), in its own process so that building and sending
// its uploads never delays the bench's own timing of the other requests. Uploads the PDF at argv[3]
// to argv[2] with the bearer token and form fields in argv[4..5], one at a time, until stopped;
// prints one JSON line per upload: its status and how long its answer took.
import { readFileSync } from 'node:fs';

const [url, pdfPath, token, fieldsJson] = process.argv.slice(2);
const pdf = readFileSync(pdfPath);
const fields = JSON.parse(fieldsJson);
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});
while (!stopping) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  form.set('document', new Blob([pdf], { type: 'application/pdf' }), 'proof.pdf');
  const at = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await response.arrayBuffer();
  process.stdout.write(`${JSON.stringify({ status: response.status, ms: performance.now() - at })}\n`);
}
