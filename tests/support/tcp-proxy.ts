/**
 * A TCP proxy between the app and its PostgreSQL server that a test can cut: while cut, open
 * connections are destroyed and new ones closed at once, as when the database is stopped; the
 * shared PostgreSQL server itself is never touched (other processes use it).
 */
import net from "node:net";

export interface TcpProxy {
  port: number;
  /** Destroys every open connection and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let cut = false;
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
