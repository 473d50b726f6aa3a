import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request, setSessionEndHandler } from './client';
import { session } from './session';
import { makeProfile } from '../test/render';

const reply = (status: number, body: unknown) =>
  vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
    session.setLanguage('en');
  });

  it('sends the token, language and no-cache headers to /api/v1', async () => {
    const fetchMock = reply(200, { success: true, message: 'OK', data: { ok: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    session.signIn('tok', makeProfile());
    session.setLanguage('vi');
    const res = await request<{ ok: number }>('POST', '/profile/update', { body: { fullName: 'A' } });
    expect(res.data.ok).toBe(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/profile/update');
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers.language).toBe('vi');
    expect(headers['Accept-Language']).toBe('vi');
    expect(headers['Cache-Control']).toBe('no-cache');
    expect(headers.Pragma).toBe('no-cache');
    expect(init!.body).toBe('{"fullName":"A"}');
  });

  it('turns an error envelope into an ApiError with field errors', async () => {
    vi.stubGlobal('fetch', reply(400, { success: false, code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', errors: [{ field: 'email', message: 'validation.email.invalid' }] }));
    const err = await request('POST', '/register', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('VALIDATION_FAILED');
    expect((err as ApiError).errors).toEqual([{ field: 'email', message: 'validation.email.invalid' }]);
  });

  it('a 401 on a signed-in call ends the session', async () => {
    vi.stubGlobal('fetch', reply(401, { success: false, code: 'SESSION_EXPIRED', message: 'expired' }));
    const ended = vi.fn();
    setSessionEndHandler(ended);
    session.signIn('tok', makeProfile());
    await expect(request('GET', '/me')).rejects.toBeInstanceOf(ApiError);
    expect(session.get().token).toBeNull();
    expect(localStorage.getItem('exship.profile')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a wrong password (401 without a session) does not navigate anywhere', async () => {
    vi.stubGlobal('fetch', reply(401, { success: false, code: 'INVALID_CREDENTIALS', message: 'Wrong email or password.' }));
    const ended = vi.fn();
    setSessionEndHandler(ended);
    await expect(request('POST', '/login', { body: {} })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Wrong email or password.' });
    expect(ended).not.toHaveBeenCalled();
  });
});
