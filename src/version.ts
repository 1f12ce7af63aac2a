/** pmt's version: `pmt --version`, `pmt version`, the served API description. One place. */
export const VERSION = '0.3.1';
