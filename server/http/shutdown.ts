// Graceful close of an http.Server: stop accepting, let every response reach the client,
// then close the keep-alive sockets that sit idle.
import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

const SWEEP_EVERY_MS = 50;

/**
 * Returns a function that closes the server gracefully. Node's own server.close() is not
 * used for the first step: its idle sweep counts a response as done once res.end() was
 * called and destroys the socket while the body is still being written, cutting large files.
 */
export function gracefulCloser(server: Server): () => Promise<void> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const someoneIsFlushing = () => {
    for (const socket of sockets) if (socket.writableLength > 0) return true;
    return false;
  };
  const closeIdle = () => {
    if (!someoneIsFlushing()) server.closeIdleConnections();
  };

  return () =>
    new Promise((resolve, reject) => {
      // Sockets become idle only after their last response, so the sweep repeats.
      const sweep = setInterval(closeIdle, SWEEP_EVERY_MS);
      NetServer.prototype.close.call(server, (error?: Error) => {
        clearInterval(sweep);
        // Clears the connection-checking timer of http.Server; no socket is left to sweep.
        server.close();
        if (error) reject(error);
        else resolve();
      });
      closeIdle();
    });
}
