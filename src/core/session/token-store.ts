import { STORAGE_NAMESPACE, TOKEN_TTL_MS } from '../constants';

/** The part of Web Storage the session needs; injected so core stays free of the DOM. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

const TOKEN_KEY = `${STORAGE_NAMESPACE}Access-Token`;

interface StoredValue {
  value: string;
  expire: number;
}

/** Token kept in local storage for 7 days (product-rules.md#states), read back only while unexpired. */
export class TokenStore {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = Date.now,
  ) {}

  get(): string | null {
    const raw = this.storage.getItem(TOKEN_KEY);
    if (!raw) return null;
    try {
      const stored = JSON.parse(raw) as StoredValue;
      if (typeof stored.value !== 'string' || typeof stored.expire !== 'number' || stored.expire <= this.now()) {
        this.storage.removeItem(TOKEN_KEY);
        return null;
      }
      return stored.value;
    } catch {
      this.storage.removeItem(TOKEN_KEY);
      return null;
    }
  }

  set(token: string): void {
    const stored: StoredValue = { value: token, expire: this.now() + TOKEN_TTL_MS };
    this.storage.setItem(TOKEN_KEY, JSON.stringify(stored));
  }

  /** Logout and 401 clear the token and everything else the app stored (product-rules.md#states). */
  clearAll(): void {
    this.storage.clear();
  }
}

/** In-memory storage for widgets with an attribute token, and for tests. */
export class MemoryStorage implements KeyValueStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
}
