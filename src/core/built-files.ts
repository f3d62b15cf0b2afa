/**
 * The files a build names beside a module (`files`: the module's own file name, then the others' names relative to
 * it, written in by rollup.config.mjs), when the module at `moduleUrl` is the file the build named (in any folder, with
 * any query). None when a host's bundler has bundled the package again: the chunks then have other names and places,
 * and a `modulepreload` link to the build's names would only fail (a 404 in the host's console). None unbuilt either
 * (the placeholder, `__…`, stays: the tests' bundles).
 */
export function builtFiles(files: string, moduleUrl: string): string[] {
  const [own, ...rest] = files.split(' ');
  return own[0] !== '_' && moduleUrl.split(/[?#]/)[0].endsWith(`/${own}`) ? rest : [];
}
