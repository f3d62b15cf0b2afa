/** Where an element keeps its controller (src/app/controller.ts): a registered symbol, the same for every copy. */
export const CONTROLLER = Symbol.for('patient-ed-player.controller');
