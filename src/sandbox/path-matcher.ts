/**
 * The one path matcher of the sandbox: the platform operations (`/platform/...`, router.ts) and the
 * controls (`/sandbox/...`, controls.ts) each register their handlers on one. Unknown paths are
 * 404, known paths with another method 405 (with `Allow`). A `:name` segment captures one
 * non-empty, percent-decoded segment; fixed paths are found without a scan.
 */
import { badRequest, methodNotAllowed, notFound } from './errors';

interface Pattern<H> {
  segments: readonly string[];
  byMethod: Map<string, H>;
}

export interface Match<H> {
  handler: H;
  params: Record<string, string>;
}

export class PathMatcher<H> {
  private readonly fixed = new Map<string, Map<string, H>>();
  private readonly patterns = new Map<string, Pattern<H>>();

  /** `what` names the kind of path in a 404, e.g. "path" or "sandbox control". */
  constructor(private readonly what: string) {}

  add(method: string, pattern: string, handler: H): this {
    let byMethod: Map<string, H>;
    if (!pattern.includes('/:')) {
      byMethod = this.fixed.get(pattern) ?? new Map();
      this.fixed.set(pattern, byMethod);
    } else {
      const entry = this.patterns.get(pattern) ?? { segments: pattern.split('/'), byMethod: new Map() };
      this.patterns.set(pattern, entry);
      byMethod = entry.byMethod;
    }
    if (byMethod.has(method)) throw new Error(`${method} ${pattern} is registered twice`);
    byMethod.set(method, handler);
    return this;
  }

  match(method: string, path: string): Match<H> {
    let params: Record<string, string> = {};
    let byMethod = this.fixed.get(path);
    if (byMethod === undefined) {
      const found = this.matchPattern(path);
      if (found === undefined) throw notFound(`no such ${this.what}: ${path.slice(0, 200)}`);
      [byMethod, params] = found;
    }
    const handler = byMethod.get(method);
    if (handler === undefined) throw methodNotAllowed([...byMethod.keys()]);
    return { handler, params };
  }

  private matchPattern(path: string): [Map<string, H>, Record<string, string>] | undefined {
    if (!path.startsWith('/')) return undefined;
    const segments = path.split('/');
    for (const { segments: parts, byMethod } of this.patterns.values()) {
      if (parts.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = parts.every((part, i) => {
        const segment = segments[i] ?? '';
        if (!part.startsWith(':')) return part === segment;
        if (segment === '') return false;
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          throw badRequest(`path segment ${part.slice(1)} is not valid percent-encoding`);
        }
        return true;
      });
      if (matches) return [byMethod, params];
    }
    return undefined;
  }
}
