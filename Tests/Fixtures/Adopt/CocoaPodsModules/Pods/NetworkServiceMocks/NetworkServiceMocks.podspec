Pod::Spec.new do |s|
  s.name         = 'NetworkServiceMocks'
  s.version      = '3.1.0'
  s.summary      = 'Test doubles of NetworkService.'
  s.source       = { :path => '.' }
  s.source_files = 'Sources/*.swift'
  s.dependency 'NetworkService'
end
