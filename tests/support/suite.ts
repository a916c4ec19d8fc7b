/**
 * A test file's own server: started before its tests, closed after them, as each integration
 * test file does. `ready` makes what the file's tests need (users, apps) once the server is up.
 */
import { afterAll, beforeAll } from "vitest";
import { checkedClient } from "./openapi-check";
import { startTestServer, type TestServer, type TestServerOptions } from "./test-server";

export type ApiClient = ReturnType<typeof checkedClient>;

export function withTestServer(ready: (server: TestServer, api: ApiClient) => Promise<void>, options?: TestServerOptions): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
    await ready(server, checkedClient(server.url));
  });
  afterAll(async () => {
    await server?.close();
  });
}
