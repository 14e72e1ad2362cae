/**
 * In-memory localStorage / sessionStorage. A sandboxed iframe without allow-same-origin has
 * an opaque origin, where the real ones throw SecurityError on access; programs expect them
 * to work, and a per-run store also keeps replays deterministic.
 */

/** Chromium's quota is about 5 MB of UTF-16; counted here in characters of keys and values. */
const QUOTA = 5_000_000;

interface Store {
  data: Map<string, string>;
  used: number;
}

const stores = new WeakMap<object, Store>();

function store(self: unknown): Store {
  const s = stores.get(self as object);
  if (!s) throw new TypeError('Illegal invocation');
  return s;
}

/** Same methods as the DOM's Storage; instances are wrapped in a Proxy for `storage.key = v`. */
class MemoryStorage {
  get length(): number {
    return store(this).data.size;
  }
  key(index: number): string | null {
    const i = Math.trunc(Number(index)) || 0;
    const keys = store(this).data.keys();
    for (let n = 0; n < i; n++) if (keys.next().done) return null;
    return keys.next().value ?? null;
  }
  getItem(key: string): string | null {
    return store(this).data.get(String(key)) ?? null;
  }
  setItem(key: string, value: string): void {
    const s = store(this);
    const k = String(key);
    const v = String(value);
    const old = s.data.get(k);
    const used = s.used - (old === undefined ? 0 : k.length + old.length) + k.length + v.length;
    if (used > QUOTA) {
      throw new DOMException(
        `Setting the value of '${k}' exceeded the quota.`,
        'QuotaExceededError',
      );
    }
    s.data.set(k, v);
    s.used = used;
  }
  removeItem(key: string): void {
    const s = store(this);
    const k = String(key);
    const old = s.data.get(k);
    if (old === undefined) return;
    s.data.delete(k);
    s.used -= k.length + old.length;
  }
  clear(): void {
    const s = store(this);
    s.data.clear();
    s.used = 0;
  }
}
Object.defineProperty(MemoryStorage.prototype, Symbol.toStringTag, { value: 'Storage' });

/** A Storage-like object; named properties read and write items, as on the real one. */
export function createMemoryStorage(): Storage {
  const target = new MemoryStorage();
  const s: Store = { data: new Map(), used: 0 };
  const isItem = (t: object, p: string | symbol): p is string => typeof p === 'string' && !(p in t);
  const proxy = new Proxy(target, {
    get: (t, p) => (isItem(t, p) ? (s.data.get(p) ?? undefined) : Reflect.get(t, p, proxy)),
    set: (t, p, v) => {
      if (typeof p === 'symbol') return Reflect.set(t, p, v);
      target.setItem.call(proxy, p, v);
      return true;
    },
    has: (t, p) => p in t || (typeof p === 'string' && s.data.has(p)),
    deleteProperty: (t, p) => {
      if (typeof p === 'string') target.removeItem.call(proxy, p);
      else Reflect.deleteProperty(t, p);
      return true;
    },
    ownKeys: (t) => [...s.data.keys(), ...Reflect.ownKeys(t)],
    getOwnPropertyDescriptor: (t, p) =>
      typeof p === 'string' && s.data.has(p)
        ? { value: s.data.get(p), writable: true, enumerable: true, configurable: true }
        : Reflect.getOwnPropertyDescriptor(t, p),
    defineProperty: (t, p, d) => {
      if (typeof p === 'symbol') return Reflect.defineProperty(t, p, d);
      target.setItem.call(proxy, p, d.value as string);
      return true;
    },
  });
  stores.set(target, s);
  stores.set(proxy, s);
  return proxy as unknown as Storage;
}

/** Replaces `localStorage` and `sessionStorage` on `win` with fresh in-memory stores. */
export function installStorageShim(win: object): {
  localStorage: Storage;
  sessionStorage: Storage;
} {
  const shims = { localStorage: createMemoryStorage(), sessionStorage: createMemoryStorage() };
  for (const [name, value] of Object.entries(shims)) {
    Object.defineProperty(win, name, {
      value,
      configurable: true,
      enumerable: true,
      writable: false,
    });
  }
  return shims;
}
