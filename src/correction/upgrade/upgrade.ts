// 升格 (upgrade) suggestions for a selected sentence or paragraph: the model service's when configured
// (at most two, so a local one still shows), filled up to three from the local lists. A model failure
// never fails the request: the local ones are answered and `service` says the model was not reached.
import type { ModelServiceClient } from '../model-service.js';
import { localUpgrades, MAX_UPGRADES, type Upgrade, type UpgradeLang } from './local-upgrades.js';
import { modelUpgrades } from './model-upgrades.js';
import { cleanRewrite } from './rewrite-checks.js';

export type { Upgrade, UpgradeKind, UpgradeLang } from './local-upgrades.js';

export interface UpgradeAnswer {
  suggestions: Upgrade[];
  service: 'local' | 'model' | 'modelFailed';
}

/** The model gets this long for an interactive suggestion (one attempt's worth on a slow service). */
const MODEL_BUDGET_MS = 20_000;

export async function suggestUpgrades(selection: string, opts: { lang: UpgradeLang; context?: string; client?: ModelServiceClient }): Promise<UpgradeAnswer> {
  const local = localUpgrades(selection, opts.lang).filter((u) => cleanRewrite(u.text, selection));
  if (!opts.client) return { suggestions: local.slice(0, MAX_UPGRADES), service: 'local' };
  try {
    const model = await modelUpgrades(opts.client, selection, opts.context ?? selection, opts.lang, AbortSignal.timeout(MODEL_BUDGET_MS));
    const first = model.slice(0, local.length ? 2 : MAX_UPGRADES);
    const rest = [...local, ...model.slice(first.length)].filter((u) => !first.some((m) => m.text === u.text));
    return { suggestions: [...first, ...rest].slice(0, MAX_UPGRADES), service: 'model' };
  } catch {
    return { suggestions: local.slice(0, MAX_UPGRADES), service: 'modelFailed' };
  }
}
