Pod::Spec.new do |s|
  s.name          = 'ProfileFeature'
  s.version       = '2.0.0'
  s.summary       = 'The profile screens.'
  s.source        = { :path => '.' }
  s.module_name   = 'Profile'
  s.source_files  = 'Sources/**/*.swift'
  s.exclude_files = 'Sources/**/*Preview.swift'
  s.dependency 'NetworkService'
  s.ios.dependency 'Analytics', '>= 1.1', '< 2.0'

  s.test_spec 'Tests' do |test|
    test.source_files = 'Tests/*.swift'
    test.dependency 'NetworkServiceMocks'
  end

  s.app_spec 'Demo' do |app|
    app.source_files = 'Demo/*.swift'
    app.dependency 'NetworkServiceMocks'
  end
end
