import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One Debian package the tests need (scripts/system-packages.txt). */
export interface SystemPackage {
  name: string;
  /** A program on PATH, an absolute path, or VAR=/default/path; several separated by commas (all needed). */
  provides: string;
  usedBy: string;
}

export const LIST_FILE = new URL('./system-packages.txt', import.meta.url);

export function parseSystemPackages(text: string): SystemPackage[] {
  const packages: SystemPackage[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const match = /^([a-z0-9][a-z0-9+.-]+)\s+(\S+)\s+(.+)$/.exec(line.trim());
    if (!match) throw new Error(`system-packages.txt: cannot read the line "${line}"`);
    packages.push({ name: match[1]!, provides: match[2]!, usedBy: match[3]!.trim() });
  }
  return packages;
}

export function readSystemPackages(): SystemPackage[] {
  return parseSystemPackages(readFileSync(LIST_FILE, 'utf8'));
}

/** The one install line (README shows it, `npm test` prints it when something is missing). */
export function aptInstallLine(packages: SystemPackage[]): string {
  return `sudo apt-get install --no-install-recommends ${packages.map((p) => p.name).join(' ')}`;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether what the package provides is here (reads PATH and the named variables of `env`). */
export function isInstalled(pkg: SystemPackage, env: NodeJS.ProcessEnv = process.env): boolean {
  return programsOf(pkg).every((item) => {
    const variable = /^([A-Z_][A-Z0-9_]*)=(.+)$/.exec(item);
    if (variable) return existsSync(env[variable[1]!] || variable[2]!);
    if (path.isAbsolute(item)) return existsSync(item);
    return (env.PATH ?? '').split(path.delimiter).some((dir) => dir && executable(path.join(dir, item)));
  });
}

/** What the package's line says it provides, one item each. */
export function programsOf(pkg: SystemPackage): string[] {
  return pkg.provides.split(',').filter(Boolean);
}

export function missingPackages(
  packages: SystemPackage[],
  env: NodeJS.ProcessEnv = process.env,
): SystemPackage[] {
  return packages.filter((pkg) => !isInstalled(pkg, env));
}
