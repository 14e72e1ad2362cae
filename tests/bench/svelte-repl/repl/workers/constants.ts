export const VIRTUAL = 'virtual://$';
export const NPM = 'npm://$';
