// A member signed in through the app's own door, as a browser is: POST
// /api/session/auth/user-login on the app origin sets the `token` cookie, and every later
// call goes through the session proxy (/api/session/<api path>) with that cookie, the
// app's Origin and the member's own address (CF-Connecting-IP, which the rate limits count).

/** The `token` cookie of a sign-in answer, or null. */
export function tokenOf(response) {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('token='));
  return cookie ? cookie.slice('token='.length) : null;
}

/** The headers a browser's call through the session proxy carries for this member. */
export function sessionHeaders(base, token, ip) {
  return { cookie: `token=${token}`, origin: base, 'cf-connecting-ip': ip };
}

/**
 * Signs `email` in through the app; answers `{ id, email, token, ip, call }` where
 * `call(method, apiPath, body)` is a fetch through the session proxy (a string body is
 * sent as JSON, FormData as multipart).
 */
export async function signIn(base, email, password, ip) {
  const response = await fetch(`${base}/api/session/auth/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'cf-connecting-ip': ip },
    body: JSON.stringify({ email, password }),
  });
  const token = tokenOf(response);
  const text = await response.text();
  let answer = null;
  try {
    answer = JSON.parse(text);
  } catch {
    // not JSON: reported below as it came
  }
  if (!response.ok || !token || !answer?.user?._id) throw new Error(`sign-in of ${email} answered ${response.status}: ${text.slice(0, 500)}`);
  const call = (method, apiPath, body) =>
    fetch(`${base}/api/session/${apiPath}`, {
      method,
      headers: { ...sessionHeaders(base, token, ip), ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
      body,
    });
  return { id: answer.user._id, email, token, ip, call };
}

/** Runs `task(item)` over `items`, `concurrency` at a time, answering the results in order. */
export async function mapLimit(items, concurrency, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
