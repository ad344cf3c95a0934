import type { Config } from "tailwindcss";

/** Loaded by app/globals.css through `@config`; Tailwind 4 reads theme tokens from here. */
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef6ff",
          100: "#d9eaff",
          500: "#2f6fdd",
          600: "#2259bb",
          700: "#1d4a99",
        },
      },
      fontFamily: {
        sans: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
      },
    },
  },
};

export default config;
