/**
 * `npm test`'s first step: the Debian packages of scripts/system-packages.txt are installed, or it
 * stops at once with the apt-get line. `--missing` prints the missing packages' names one a line
 * (for .ci/run) and always exits 0.
 */
import { aptInstallLine, missingPackages, readSystemPackages } from './system-packages.ts';

const packages = readSystemPackages();
const missing = missingPackages(packages);

if (process.argv.includes('--missing')) {
  for (const pkg of missing) process.stdout.write(`${pkg.name}\n`);
} else if (missing.length > 0) {
  process.stderr.write(
    [
      '',
      `The tests need Debian packages that are missing here: ${missing.map((p) => p.name).join(', ')}`,
      ...missing.map((p) => `  ${p.name} (${p.provides}): ${p.usedBy}`),
      '',
      'Install them (the list is scripts/system-packages.txt) and run npm test again:',
      '',
      `  ${aptInstallLine(packages)}`,
      '',
      '',
    ].join('\n'),
  );
  process.exitCode = 1;
}
