// The baseline for the API figures: a bare node:http JSON endpoint, run in its own process by run.ts.
import { createServer } from 'node:http';

const body = JSON.stringify({
  data: { theme_app_primary_colour: '#8C59F8', theme_app_body_font_style: 'roboto' },
});
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 4550), '127.0.0.1', () => console.log('bare node:http ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
