Pod::Spec.new do |s|
  s.name         = 'Login'
  s.version      = '1.0.0'
  s.source_files = 'Sources/**/*.swift'
  %w[Network Storage].each do |name|
    s.dependency name
  end
end
