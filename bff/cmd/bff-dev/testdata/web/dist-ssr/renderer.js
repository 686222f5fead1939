// A stand-in for the page renderer that `npm run build -w web` makes (web/dist-ssr/renderer.js),
// for the tests of bff-dev's start: it follows the renderer's contract (the environment it is
// started with, the line it prints, its health check, its pages) and renders nothing real.
import http from 'node:http';

const server = http.createServer((req, res) => {
  if (req.url === '/__renderer/health') {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('ok');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60' });
  res.end(
    `<!doctype html><html><title>rendered on the server</title><p>page ${req.url}</p>` +
      `<p>origin ${req.headers['x-site-origin']}</p><p>api ${process.env.RENDERER_API_URL}</p>` +
      `<p>web ${process.env.WEB_DIR}</p><p>secret ${process.env.PREVIEW_SECRET ?? 'none'}</p>` +
      `<p>vitals sample ${process.env.VITALS_SAMPLE_RATE ?? 'default'}</p></html>`,
  );
});

server.listen(Number(process.env.RENDERER_PORT ?? 0), process.env.RENDERER_HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`The renderer is at http://${address}:${port}`);
});
