// Test setup shared by every web test.
