/**
 * Finds, for a theme of the Ideas (`ideasOf`), the shorter theme whose stems it contains, without
 * comparing it with every theme kept so far (quadratic: 151 s for 13,000 notes). Roots are indexed
 * by their set of distinct stems; a group looks up every subset of its own stems (at most 15 for
 * the 4 words of a key phrase). Pure.
 */

interface Rooted {
  key: string[];
  notes: { size: number };
}

/** Past this many distinct stems a group is compared with every root (2^n subsets otherwise). */
const MAX_SUBSET_STEMS = 8;

const signature = (stems: readonly string[]) => [...new Set(stems)].sort().join(' ');

export class RootIndex<G extends Rooted> {
  private readonly bySignature = new Map<string, G[]>();
  private readonly order = new Map<G, number>();

  add(root: G): void {
    this.order.set(root, this.order.size);
    const key = signature(root.key);
    const list = this.bySignature.get(key);
    if (list) list.push(root);
    else this.bySignature.set(key, [root]);
  }

  /**
   * The root `group` joins: a root with fewer words, all of its stems in `group`, mentioned in at
   * least as many notes; the one in most notes, the earliest added on a tie.
   */
  parentOf(group: G): G | undefined {
    let parent: G | undefined;
    const consider = (root: G) => {
      if (root.key.length >= group.key.length || root.notes.size < group.notes.size) return;
      if (
        !parent ||
        root.notes.size > parent.notes.size ||
        (root.notes.size === parent.notes.size && this.order.get(root)! < this.order.get(parent)!)
      )
        parent = root;
    };
    const stems = [...new Set(group.key)].sort();
    if (stems.length > MAX_SUBSET_STEMS) {
      for (const root of this.order.keys()) if (root.key.every((s) => group.key.includes(s))) consider(root);
      return parent;
    }
    for (let mask = 1; mask < 1 << stems.length; mask++) {
      const subset = stems.filter((_, i) => mask & (1 << i));
      for (const root of this.bySignature.get(subset.join(' ')) ?? []) consider(root);
    }
    return parent;
  }
}
