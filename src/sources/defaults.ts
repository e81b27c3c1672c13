import type { SourceProfileInput } from "./profile.js";

/**
 * The three sources every install knows. Summaries and `best_for` lines are embedded for routing,
 * so they are written in the words users ask with, not in the words the files use.
 */
export const DEFAULT_PROFILES: readonly SourceProfileInput[] = [
  {
    name: "api_reference",
    summary:
      "API reference: function and class signatures, their parameters, arguments, options, default values, units, return values and errors.",
    best_for: [
      "What parameters or arguments does this function take?",
      "What does this function return, and what are its outputs and fields?",
      "Which options, name/value pairs and defaults does a function accept?",
      "Why does a function call throw an error, and which argument is wrong?",
    ],
    indicators: [
      "parameter", "parameters", "param", "params", "argument", "arguments", "args", "kwargs",
      "return", "returns", "returned", "return value", "output", "outputs", "signature", "signatures",
      "function", "functions", "method", "methods", "class", "option", "options", "name/value",
      "default", "defaults", "default value", "input", "inputs", "field", "fields", "struct",
      "type", "units", "error", "exception", "throws", "api", "call", "calling",
    ],
    retrieval: { max_results: 20, priority: 1 },
    chunks: { whole_multipart: false, neighbours: 1 },
    formatter: "api",
    citation_style: "file_section",
  },
  {
    name: "docs",
    summary:
      "Documentation: guides, specifications, file format descriptions, concepts, overviews and crawled web pages explaining how and why things work.",
    best_for: [
      "Explain a concept, the design, or how something works and why.",
      "What does the specification or file format define?",
      "Give an overview of the project, its features, installation or news.",
    ],
    indicators: [
      "guide", "how", "why", "explain", "explanation", "overview", "spec", "specification",
      "concept", "concepts", "format", "file format", "definition", "define", "defined", "meaning",
      "means", "describe", "documentation", "docs", "introduction", "section", "standard",
      "version", "design", "architecture", "install", "installation", "what is", "what are",
    ],
    retrieval: { max_results: 20, priority: 1 },
    chunks: { whole_multipart: false, neighbours: 1 },
    formatter: "doc",
    citation_style: "page",
  },
  {
    name: "examples",
    summary:
      "Examples: complete official example programs, demo scripts and tutorials showing how to build something step by step.",
    best_for: [
      "Show me an example or a demo of how to write this.",
      "A complete script or code sample that implements a whole program.",
      "A step-by-step tutorial for learning how to get started.",
    ],
    indicators: [
      "example", "examples", "sample", "samples", "demo", "demos", "show me", "snippet", "snippets",
      "script", "scripts", "tutorial", "tutorials", "walkthrough", "walk me through", "step by step",
      "complete", "full code", "code", "implement", "implementation", "write a", "build a",
      "getting started", "learn", "beginner", "template",
    ],
    retrieval: { max_results: 20, priority: 1 },
    chunks: { whole_multipart: true, neighbours: 1 },
    formatter: "example",
    citation_style: "file",
  },
];
