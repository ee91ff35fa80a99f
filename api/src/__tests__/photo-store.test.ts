// Photos on an object store. With UPLOAD_S3_BUCKET every api host serves every
// upload (the metadata is in the database, the bytes in the bucket): two apps on one database and
// one bucket (a local s3rver, the release store's test server) are api A and api B. A store that
// cannot write or read answers a clear envelope, never a 500.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, GetObjectCommand } from '@aws-sdk/client-s3';
import { ConfigError, loadConfig } from '../config/env.js';
import type { BucketSettings } from '../lib/object-store/index.js';
import { KYC_MESSAGES } from '../modules/kyc/service.js';
import { UPLOAD_MESSAGES } from '../modules/uploads/store.js';
import { freshDb, targets, testApp, type TestApp, type TestDb } from '../test/harness.js';
import { makeStaff, makeUser, opsCall, pngImage, upload, verifyIdentity } from '../test/money.js';
import { startTestS3, type TestS3, type TestS3Request } from '../test/s3-server.js';

jest.setTimeout(120_000);

const ORIGIN = 'http://site.test';
const SECRET = 'photo-store-test-secret-0123456789abcdef';
const bucketOf = (s3: TestS3, extra: Partial<BucketSettings> = {}): BucketSettings => ({
  bucket: s3.bucket,
  prefix: 'uploads/',
  region: 'us-east-1',
  endpoint: s3.endpoint,
  pathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  timeoutMs: 2000,
  maxAttempts: 2,
  ...extra,
});
const path_ = (url: string) => url.replace(ORIGIN, '');
const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url: path_(url) });
const envelope = (res: { statusCode: number; body: string }) => ({
  status: res.statusCode,
  ...(JSON.parse(res.body) as { success: boolean; msg: string }),
});

/** A presigned PUT URL from `t` for a new photo of `token`'s seller. */
async function putLink(t: TestApp, token: string): Promise<string> {
  const r = await t.call<{ url: string }[]>('/order/obsUrls', { token, image_count: '1' });
  return r.data[0]!.url;
}
const put = async (t: TestApp, link: string, body?: Buffer) =>
  t.app.inject({
    method: 'PUT',
    url: path_(link),
    headers: { 'content-type': 'image/png' },
    payload: body ?? (await pngImage()),
  });

describe.each(targets())('photos in a bucket, two api hosts on %s', (target) => {
  let tdb: TestDb;
  let s3: TestS3;
  let a: TestApp;
  let b: TestApp;
  const dirs: string[] = [];
  const seen: TestS3Request[] = [];
  let refuse: { write?: number; read?: number } = {};
  beforeAll(async () => {
    tdb = await freshDb(target);
    s3 = await startTestS3('gl-photos', {
      intercept: (r) => {
        seen.push(r);
        if (r.method === 'PUT') return refuse.write;
        if (r.method === 'GET') return refuse.read;
        return undefined;
      },
    });
    // Each host has its own (empty) directory: a photo can only come from the bucket.
    const host = async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'gl-host-'));
      dirs.push(dir);
      return testApp(tdb, { uploadDir: dir, uploadBucket: bucketOf(s3), publicUrl: ORIGIN, secretKey: SECRET });
    };
    a = await host();
    b = await host();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await s3?.close();
    await tdb?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  afterEach(() => {
    refuse = {};
  });

  test('a card photo uploaded through api A is shown through api B, to its seller and to a reviewer on B', async () => {
    const seller = await makeUser(a);
    const photo = await upload(a, seller.token);
    const order = await a.call<{ order_no: string }>('/order/appadd', {
      token: seller.token,
      images: photo,
      user_memo: 'CODE-1',
      wallet_type: '1',
    });
    expect(order.success).toBe(true);
    // The seller's signed link, minted by B and by A, opens on B (and on A).
    const onB = (
      await b.call<{ imageList: { url: string }[] }>('/ord/detail', {
        token: seller.token,
        order_no: order.data.order_no,
      })
    ).data.imageList[0]!.url;
    const onA = (
      await a.call<{ imageList: { url: string }[] }>('/ord/detail', {
        token: seller.token,
        order_no: order.data.order_no,
      })
    ).data.imageList[0]!.url;
    for (const [link, host] of [
      [onB, b],
      [onA, b],
      [onB, a],
    ] as const) {
      const res = await get(host, link);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
    // The bytes are the bucket's object, under the prefix; no host directory holds a photo.
    const key = `uploads/${photo.replace(`${ORIGIN}/uploads/`, '')}`;
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals((await get(b, onB)).rawPayload)).toBe(true);
    for (const d of dirs) expect(readdirSync(d)).toEqual([]);

    // The reviewer, signed in on B, opens the order and its photo there.
    const reviewer = await makeStaff(b, 'reviewer');
    const view = await opsCall<{ images: string[] }>(
      b,
      reviewer.token,
      'GET',
      `/ops/api/orders/${order.data.order_no}`,
    );
    expect(view.success).toBe(true);
    expect(view.data.images[0]!.startsWith(`${photo}?expires=`)).toBe(true);
    expect((await get(b, view.data.images[0]!)).statusCode).toBe(200);
  });

  test('avatars and identity documents written through A are read through B', async () => {
    const seller = await makeUser(a);
    const avatar = await upload(a, seller.token);
    expect(await b.call('/account/avatar', { token: seller.token, avatar })).toMatchObject({ success: true });
    const res = await get(b, avatar); // an avatar is public: no signature
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');

    // Level 3: the ID document photo, uploaded through A, is read by B's verification (the bytes
    // are checked there), and shown to the reviewer on B.
    await verifyIdentity(a, seller.id, { level: 2 });
    const doc = await upload(a, seller.token);
    expect(
      await b.call('/kyc/documents', { token: seller.token, document: doc, address: '12 Allen Avenue, Ikeja, Lagos' }),
    ).toMatchObject({ success: true, data: { status: 'pending' } });
    const checkId = (
      await b.db.query<{ id: string }>('select id::text as id from kyc_checks where user_id = $1 and level = 3', [
        seller.id,
      ])
    ).rows[0]!.id;
    const reviewer = await makeStaff(b, 'reviewer');
    const review = await opsCall<{ document: string }>(b, reviewer.token, 'GET', `/ops/api/kyc/${checkId}`);
    expect((await get(b, review.data.document)).statusCode).toBe(200);
  });

  test(
    "the bucket stays private: objects are written with no ACL under the prefix, and only the api's signed links " +
      'show them',
    async () => {
      const seller = await makeUser(a);
      seen.length = 0;
      const photo = await upload(a, seller.token);
      const puts = seen.filter((r) => r.method === 'PUT');
      expect(puts).toHaveLength(1);
      expect(puts[0]!.key).toMatch(new RegExp(`^uploads/orders/${seller.id}/[A-Za-z0-9_-]{22}$`));
      expect(puts[0]!.headers['x-amz-acl']).toBeUndefined();
      expect(puts[0]!.headers['content-type']).toBe('image/png');
      // Every object is under the prefix, named by the api (never by the seller's file name).
      const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      for (const o of listed.Contents ?? []) expect(o.Key).toMatch(/^uploads\/orders\/\d+\/[A-Za-z0-9_-]{22}$/);
      // The links are the api's, on the site's origin; without a signature, or with another's, no photo.
      expect(photo.startsWith(`${ORIGIN}/uploads/`)).toBe(true);
      expect(photo).not.toContain(s3.endpoint);
      expect(envelope(await get(b, photo))).toMatchObject({ status: 403, success: false, msg: UPLOAD_MESSAGES.view });
      expect((await get(b, `${photo}?expires=9999999999&signature=forged`)).statusCode).toBe(403);
    },
  );

  test('one link sent to both hosts at once, and again later: written once, the others refused', async () => {
    const seller = await makeUser(a);
    const link = await putLink(a, seller.token);
    seen.length = 0;
    const body = await pngImage(80, 80);
    const answers = await Promise.all([a, b, a, b, a, b].map((host) => put(host, link, body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(1);
    // A replay after it is stored is refused on either host, and the photo is unchanged.
    expect(envelope(await put(b, link, await pngImage(90, 90)))).toMatchObject({
      status: 409,
      success: false,
      msg: UPLOAD_MESSAGES.once,
    });
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  test(
    'a bucket that refuses writes: the clear envelope (503, never a 500), and the same link works once it ' + 'is back',
    async () => {
      const seller = await makeUser(a);
      const link = await putLink(a, seller.token);
      for (const status of [503, 403, 500]) {
        refuse = { write: status };
        const res = await put(a, link);
        expect(envelope(res)).toEqual({
          status: 503,
          success: false,
          msg: UPLOAD_MESSAGES.storeWrite,
          code: 'common.001',
          data: null,
          ref: expect.stringMatching(/^[0-9A-Z]{6}$/),
        });
        expect(res.headers['retry-after']).toBe('60');
      }
      refuse = {};
      const again = await put(b, link); // the link is good on the other host too
      expect(envelope(again)).toMatchObject({ status: 200, success: true });
      const stored = await b.db.query<{ status: string }>('select status from uploads where object_name = $1', [
        link.split('/uploads/')[1]!.split('?')[0],
      ]);
      expect(stored.rows).toEqual([{ status: 'stored' }]);
    },
  );

  test(
    'a bucket that refuses reads: the clear envelope on the photo link and on a verification that reads the ' + 'photo',
    async () => {
      const seller = await makeUser(a);
      const photo = await upload(a, seller.token);
      const order = await a.call<{ order_no: string }>('/order/appadd', {
        token: seller.token,
        images: photo,
        user_memo: 'CODE-2',
        wallet_type: '1',
      });
      const link = (
        await b.call<{ imageList: { url: string }[] }>('/ord/detail', {
          token: seller.token,
          order_no: order.data.order_no,
        })
      ).data.imageList[0]!.url;
      refuse = { read: 503 };
      expect(envelope(await get(b, link))).toMatchObject({
        status: 503,
        success: false,
        msg: UPLOAD_MESSAGES.storeRead,
      });
      await verifyIdentity(a, seller.id, { level: 2 });
      const doc = await upload(a, seller.token);
      const r = await b.call('/kyc/documents', {
        token: seller.token,
        document: doc,
        address: '12 Allen Avenue, Ikeja, Lagos',
      });
      expect(r).toMatchObject({ status: 503, success: false, msg: UPLOAD_MESSAGES.storeRead });
      refuse = {};
      expect((await get(b, link)).statusCode).toBe(200);
      expect(r.msg).not.toBe(KYC_MESSAGES.photo);
    },
  );

  test('a bucket that does not answer at all (nothing listening): the envelope within the bound', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dir = mkdtempSync(path.join(tmpdir(), 'gl-host-'));
    dirs.push(dir);
    const down = await testApp(tdb, {
      uploadDir: dir,
      uploadBucket: bucketOf(s3, { endpoint: `http://127.0.0.1:${port}` }),
      publicUrl: ORIGIN,
      secretKey: SECRET,
    });
    try {
      const seller = await makeUser(a);
      const link = await putLink(a, seller.token);
      const started = Date.now();
      expect(envelope(await put(down, link))).toMatchObject({
        status: 503,
        success: false,
        msg: UPLOAD_MESSAGES.storeWrite,
      });
      expect(Date.now() - started).toBeLessThan(5000);
      // Written through a host whose bucket answers, it is shown by the other hosts.
      expect((await put(a, link)).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe.each(targets())('photos in a directory on %s', (target) => {
  let tdb: TestDb;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gl-dir-'));
    tdb = await freshDb(target);
    t = await testApp(tdb, { uploadDir: dir, publicUrl: ORIGIN });
  });
  afterAll(async () => {
    await t?.close();
    await tdb?.close();
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  });

  test(
    'a read-only directory: the clear envelope (503), nothing stored, and the link works once it is ' + 'writable',
    async () => {
      const seller = await makeUser(t);
      const link = await putLink(t, seller.token);
      // Read-only (chmod); root ignores the mode, so the folder photos go in is also a file.
      chmodSync(dir, 0o555);
      const blocker = path.join(dir, 'orders');
      if (process.getuid?.() === 0) writeFileSync(blocker, '');
      try {
        const res = await put(t, link);
        expect(envelope(res)).toEqual({
          status: 503,
          success: false,
          msg: UPLOAD_MESSAGES.storeWrite,
          code: 'common.001',
          data: null,
          ref: expect.stringMatching(/^[0-9A-Z]{6}$/),
        });
        const row = await t.db.query<{ status: string; stored_at: Date | null }>(
          'select status, stored_at from uploads where object_name = $1',
          [link.split('/uploads/')[1]!.split('?')[0]],
        );
        expect(row.rows).toEqual([{ status: 'pending', stored_at: null }]);
      } finally {
        chmodSync(dir, 0o755);
        rmSync(blocker, { force: true });
      }
      expect((await put(t, link)).statusCode).toBe(200);
    },
  );

  test('a photo the directory cannot read: the clear envelope (503), not a 500', async () => {
    const seller = await makeUser(t);
    const photo = await upload(t, seller.token);
    const order = await t.call<{ order_no: string }>('/order/appadd', {
      token: seller.token,
      images: photo,
      user_memo: 'x',
      wallet_type: '1',
    });
    const link = (
      await t.call<{ imageList: { url: string }[] }>('/ord/detail', {
        token: seller.token,
        order_no: order.data.order_no,
      })
    ).data.imageList[0]!.url;
    const file = path.join(dir, photo.replace(`${ORIGIN}/uploads/`, ''));
    // An unreadable photo (a folder where the file was: EISDIR, whoever runs the test).
    rmSync(file);
    mkdirSync(file);
    expect(envelope(await get(t, link))).toMatchObject({ status: 503, success: false, msg: UPLOAD_MESSAGES.storeRead });
    rmSync(file, { recursive: true });
    expect(envelope(await get(t, link))).toMatchObject({ status: 404, success: false });
  });
});

describe('photo store settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });
  const problems = (env: Record<string, string>) => {
    try {
      load(env);
      return [];
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      return e.problems;
    }
  };

  test('a bucket with its settings', () => {
    const c = load({
      UPLOAD_S3_BUCKET: 'gl-photos',
      UPLOAD_S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
      UPLOAD_S3_ACCESS_KEY_ID: 'AKIA',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'secret',
      UPLOAD_S3_PATH_STYLE: '1',
    });
    expect(c.uploadBucket).toMatchObject({
      bucket: 'gl-photos',
      prefix: 'uploads/',
      region: 'auto',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      pathStyle: true,
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
      timeoutMs: 5000,
    });
    expect(load({}).uploadBucket).toBeUndefined();
    expect(load({ UPLOAD_S3_BUCKET: 'gl-photos' }).uploadBucket).toMatchObject({
      credentials: undefined,
      endpoint: undefined,
    });
  });

  test.each([
    [{ UPLOAD_S3_BUCKET: 'Photos_Bucket' }, /UPLOAD_S3_BUCKET: must be a bucket name/],
    [{ UPLOAD_S3_ENDPOINT: 'https://minio.internal:9000' }, /UPLOAD_S3_ENDPOINT: set UPLOAD_S3_BUCKET too/],
    [{ UPLOAD_S3_BUCKET: 'gl-photos', UPLOAD_S3_ACCESS_KEY_ID: 'AKIA' }, /must be set together/],
    [{ UPLOAD_S3_BUCKET: 'gl-photos', UPLOAD_S3_ENDPOINT: 'ftp://minio.internal' }, /UPLOAD_S3_ENDPOINT/],
    [{ UPLOAD_S3_BUCKET: 'gl-photos', UPLOAD_S3_PREFIX: '/uploads' }, /UPLOAD_S3_PREFIX/],
    [{ UPLOAD_S3_BUCKET: 'gl-photos', UPLOAD_S3_TIMEOUT_MS: '10' }, /UPLOAD_S3_TIMEOUT_MS/],
  ])('%j is refused', (env, problem) => expect(problems(env).join('\n')).toMatch(problem));

  test('production refuses a plain-http bucket endpoint, except on this machine', () => {
    const prod = { NODE_ENV: 'production', UPLOAD_S3_BUCKET: 'gl-photos' };
    const p = (endpoint: string) =>
      problems({ ...prod, UPLOAD_S3_ENDPOINT: endpoint }).filter((x) => x.startsWith('UPLOAD_S3'));
    expect(p('http://minio.internal:9000')).toEqual([
      'UPLOAD_S3_ENDPOINT: must be https in production (card photos carry redeem codes); plain http only to this ' +
        'machine',
    ]);
    expect(p('http://127.0.0.1:9000')).toEqual([]);
    expect(p('https://minio.internal:9000')).toEqual([]);
  });
});
