/** A small HTTP client for the integration tests: JSON in, `{status, body, headers}` out. */
export interface ApiResponse<T = Record<string, any>> {
  status: number;
  body: T;
  headers: Headers;
}

export function apiClient(baseUrl: string) {
  async function call<T = Record<string, any>>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(baseUrl + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    call,
    get: <T = Record<string, any>>(path: string, token?: string) => call<T>("GET", path, { token }),
    post: <T = Record<string, any>>(path: string, body: unknown, token?: string) => call<T>("POST", path, { token, body }),
    patch: <T = Record<string, any>>(path: string, body: unknown, token?: string) => call<T>("PATCH", path, { token, body }),
    del: <T = Record<string, any>>(path: string, token?: string) => call<T>("DELETE", path, { token }),
  };
}
